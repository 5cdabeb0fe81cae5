import { temporal } from '@temporalio/proto';
import type { Payload, PayloadCodec } from '@temporalio/common';

const History = temporal.api.history.v1.History;

/**
 * Histories are kept as protobuf.js plain objects in JSON (enums by name, 64-bit ints and bytes as strings), read back
 * with the proto package's own `fromObject`. The SDK's `historyToJSON`/`historyFromJSON` would be the standard
 * format, but in this install @temporalio/common and @temporalio/proto each carry their own protobufjs copy (a
 * top-level protobufjs 7 blocks the dedupe), and its proto3-JSON codec then throws "type must be a Type".
 */
export function historyToFile(history: temporal.api.history.v1.IHistory): string {
  const message = History.fromObject(History.toObject(History.decode(History.encode(history).finish())));
  return `${JSON.stringify(History.toObject(message, { enums: String, longs: String, bytes: String }), null, 1)}\n`;
}

export function historyFromFile(json: unknown): temporal.api.history.v1.History {
  return History.fromObject(json as Record<string, unknown>);
}

/**
 * The history with every payload the hub's codec encrypted replaced by its plain form, so a recorded history replays
 * without the key of the run that recorded it.
 */
export async function decodedHistory(
  history: temporal.api.history.v1.IHistory,
  codec: PayloadCodec,
): Promise<temporal.api.history.v1.History> {
  const copy = History.decode(History.encode(history).finish());
  const payloads: temporal.api.common.v1.IPayload[] = [];
  const collect = (value: unknown) => {
    if (!value || typeof value !== 'object' || value instanceof Uint8Array) return;
    const v = value as Record<string, unknown>;
    if (v.data instanceof Uint8Array && v.metadata && typeof v.metadata === 'object') payloads.push(v);
    else for (const child of Object.values(v)) collect(child);
  };
  collect(copy);
  const decoded = await codec.decode(payloads as Payload[]);
  payloads.forEach((payload, i) => {
    payload.metadata = decoded[i]!.metadata;
    payload.data = decoded[i]!.data;
  });
  return copy;
}
