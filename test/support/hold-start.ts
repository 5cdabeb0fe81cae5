import type { Client } from '@temporalio/client';

/**
 * The next workflow start on `client` (every API process sharing it) really starts the workflow, then holds its
 * answer until `release()`: a process frozen, or about to be killed, mid-request.
 */
export function holdNextStart(client: Client) {
  const workflows = client.workflow;
  const real = workflows.start.bind(workflows);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const startedWorkflow = new Promise<void>((resolve) => (started = resolve));
  workflows.start = (async (...args: Parameters<typeof real>) => {
    workflows.start = real;
    const result = await real(...args);
    started();
    await released;
    return result;
  }) as typeof real;
  return { startedWorkflow, release };
}
