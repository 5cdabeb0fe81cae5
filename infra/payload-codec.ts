/**
 * Temporal payload encryption: every payload a client or worker sends (workflow inputs and results, signals, updates,
 * queries, activity arguments, memos, failures' details) is stored in Temporal's history as AES-256-GCM ciphertext of
 * the whole serialized payload, so a passenger's name, phone or email is not readable there. The key id travels in the
 * payload's metadata: a payload written under a key that has since been rotated out of `current` is still read while
 * its key stays in the ring. Payloads without the `binary/encrypted` encoding (histories from before the codec) pass
 * through unchanged.
 */
import { createCipheriv, createDecipheriv, createSecretKey, hkdfSync, randomBytes, type KeyObject } from 'node:crypto';
import { ValueError, type DataConverter, type Payload, type PayloadCodec } from '@temporalio/common';
import { temporal } from '@temporalio/proto';
import type { HubKey } from './key-ring';

export const ENCRYPTED_ENCODING = 'binary/encrypted';
export const KEY_ID_METADATA = 'encryption-key-id';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Payloads get a key of their own, derived from the hub key, so no ciphertext elsewhere shares it. A KeyObject, made
 * once: a Buffer would be turned into one on every payload.
 */
function payloadKey(hubKey: Buffer): KeyObject {
  return createSecretKey(Buffer.from(hkdfSync('sha256', hubKey, Buffer.alloc(0), 'temporal-payloads-v1', 32)));
}

const utf8 = (s: string) => new TextEncoder().encode(s);
const text = (bytes: Uint8Array | null | undefined) => (bytes ? Buffer.from(bytes).toString('utf8') : undefined);

export class PayloadEncryptionCodec implements PayloadCodec {
  private readonly current: { id: string; key: KeyObject };
  private readonly byId: Map<string, KeyObject>;

  /** `keys[0]` encrypts; every key in the ring decrypts what was written under it. */
  constructor(keys: readonly HubKey[]) {
    if (keys.length === 0) throw new Error('the payload codec needs at least one key');
    this.byId = new Map(keys.map((k) => [k.id, payloadKey(k.key)]));
    this.current = { id: keys[0]!.id, key: this.byId.get(keys[0]!.id)! };
  }

  async encode(payloads: Payload[]): Promise<Payload[]> {
    return payloads.map((payload) => {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', this.current.key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(utf8(this.current.id));
      const plain = temporal.api.common.v1.Payload.encode(payload).finish();
      const sealed = Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
      return { metadata: { encoding: utf8(ENCRYPTED_ENCODING), [KEY_ID_METADATA]: utf8(this.current.id) }, data: sealed };
    });
  }

  async decode(payloads: Payload[]): Promise<Payload[]> {
    return payloads.map((payload) => {
      if (text(payload.metadata?.encoding) !== ENCRYPTED_ENCODING) return payload;
      const id = text(payload.metadata?.[KEY_ID_METADATA]) ?? '';
      const key = this.byId.get(id);
      if (!key) throw new ValueError(`payload encrypted under key ${JSON.stringify(id)}, which is not in HUB_ENCRYPTION_KEY`);
      const sealed = Buffer.from(payload.data ?? []);
      if (sealed.length < IV_BYTES + TAG_BYTES) throw new ValueError('encrypted payload is truncated');
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
      decipher.setAAD(utf8(id));
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      let plain: Buffer;
      try {
        plain = Buffer.concat([decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
      } catch {
        throw new ValueError(`encrypted payload under key ${id} failed authentication`);
      }
      return temporal.api.common.v1.Payload.decode(plain) as Payload;
    });
  }
}

/** The data converter of every Temporal client and worker of the hub. */
export function hubDataConverter(keys: readonly HubKey[]): DataConverter {
  return { payloadCodecs: [new PayloadEncryptionCodec(keys)] };
}
