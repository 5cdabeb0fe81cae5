import { ServiceError } from '@temporalio/client';
import { isRacedUpdate, retryingRacedUpdate } from '../../app/workflow-updates';

/** A gRPC error as @grpc/grpc-js hands it to the Temporal client. */
function grpcError(code: number, details: string): Error {
  return Object.assign(new Error(`${code} ${details}`), { code, details, metadata: {} });
}
const serviceError = (code: number, details: string) =>
  new ServiceError(`Failed to execute update: ${details}`, { cause: grpcError(code, details) });

describe('Updates that race a workflow task', () => {
  it('takes FAILED_PRECONDITION (gRPC 9) from the server for a raced Update, and nothing else', () => {
    expect(isRacedUpdate(serviceError(9, 'unexpected workflow task failure'))).toBe(true);
    expect(isRacedUpdate(serviceError(9, 'Workflow task in progress'))).toBe(true);
    expect(isRacedUpdate(serviceError(14, 'unavailable'))).toBe(false);
    expect(isRacedUpdate(serviceError(5, 'workflow not found'))).toBe(false);
    expect(isRacedUpdate(grpcError(9, 'not wrapped by the client'))).toBe(false);
  });

  it('sends a raced Update again until the server admits it, and gives up after the last attempt', async () => {
    let calls = 0;
    const admittedThird = await retryingRacedUpdate(async () => {
      calls++;
      if (calls < 3) throw serviceError(9, 'unexpected workflow task failure');
      return 'recorded';
    });
    expect({ admittedThird, calls }).toEqual({ admittedThird: 'recorded', calls: 3 });

    calls = 0;
    const raced = serviceError(9, 'unexpected workflow task failure');
    await expect(retryingRacedUpdate(async () => (calls++, Promise.reject(raced)), 2)).rejects.toBe(raced);
    expect(calls).toBe(2);
  });

  it('passes any other failure through at once', async () => {
    let calls = 0;
    const down = serviceError(14, 'unavailable');
    await expect(retryingRacedUpdate(async () => (calls++, Promise.reject(down)))).rejects.toBe(down);
    expect(calls).toBe(1);
  });
});
