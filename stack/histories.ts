import { temporal } from '@temporalio/proto';

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
