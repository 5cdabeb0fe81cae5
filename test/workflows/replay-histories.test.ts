import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from '@temporalio/worker';
import { DeterminismViolationError } from '@temporalio/workflow';
import * as workflows from '../../workflows';
import { historyFromFile } from '../../stack/histories';
import { sharedWorkflowBundle } from '../../stack/temporal';

const DIR = join(__dirname, '..', 'histories');

interface Recorded {
  file: string;
  workflowId: string;
  json: { events: { eventType: string; workflowExecutionStartedEventAttributes?: { workflowType: { name: string } } }[] };
}

function recorded(): Recorded[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, workflowId: file.replace(/\.json$/, ''), json: JSON.parse(readFileSync(join(DIR, file), 'utf8')) }));
}

const typeOf = (r: Recorded) => r.json.events[0].workflowExecutionStartedEventAttributes?.workflowType.name;

async function replay(histories: { workflowId: string; history: unknown }[]) {
  const results: { workflowId: string; error?: Error }[] = [];
  const source = histories.map(({ workflowId, history }) => ({ workflowId, history: historyFromFile(history) }));
  for await (const result of Worker.runReplayHistories({ workflowBundle: sharedWorkflowBundle() }, source)) results.push(result);
  return results;
}

/**
 * Recorded histories (npm run record-histories) replayed against the current workflow code: a change that would
 * break a running workflow (a new, removed or reordered command without patched()) fails here.
 */
describe('recorded workflow histories replay against the current code', () => {
  it('has a recorded history for every workflow type the worker bundles', () => {
    // A new workflow type needs an entry in scripts/record-histories.ts and a recording.
    expect(new Set(recorded().map(typeOf))).toEqual(new Set(Object.keys(workflows)));
  });

  it('replays every history without a determinism violation', async () => {
    const all = recorded();
    const results = await replay(all.map((r) => ({ workflowId: r.workflowId, history: r.json })));
    expect(results.map((r) => [r.workflowId, r.error?.message])).toEqual(all.map((r) => [r.workflowId, undefined]));
  });

  it('fails when the code would issue a different command than the history recorded', async () => {
    // The same history with its first activity renamed: what replay sees after an activity is swapped in the code.
    const original = recorded().find((r) => typeOf(r) === 'partnerWebhookWorkflow')!;
    const tampered = JSON.parse(JSON.stringify(original.json));
    const scheduled = tampered.events.find((e: { eventType: string }) => e.eventType === 'EVENT_TYPE_ACTIVITY_TASK_SCHEDULED');
    scheduled.activityTaskScheduledEventAttributes.activityType.name = 'somethingElse';
    const [result] = await replay([{ workflowId: 'tampered', history: tampered }]);
    expect(result.error).toBeInstanceOf(DeterminismViolationError);
  });
});
