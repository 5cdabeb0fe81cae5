import { randomBytes } from 'node:crypto';
import { defaultPayloadConverter } from '@temporalio/common';
import { keyFingerprint, keyRingOf, parseKeyRing } from '../../infra/key-ring';
import { ENCRYPTED_ENCODING, KEY_ID_METADATA, PayloadEncryptionCodec } from '../../infra/payload-codec';

const passenger = { name: 'Ingrid Ostrovskaya', phone: '+33612345678', email: 'ingrid@example.com' };
const payloadOf = (value: unknown) => defaultPayloadConverter.toPayload(value);
const valueOf = (payload: Parameters<typeof defaultPayloadConverter.fromPayload>[0]) => defaultPayloadConverter.fromPayload(payload);
const bytesText = (p: { data?: Uint8Array | null }) => Buffer.from(p.data ?? []).toString('latin1');

describe('payload encryption codec', () => {
  const oldKey = { id: '2026-01', key: randomBytes(32) };
  const newKey = { id: '2026-11', key: randomBytes(32) };

  it('stores a passenger as ciphertext under the current key id, and reads it back', async () => {
    const codec = new PayloadEncryptionCodec([newKey, oldKey]);
    const [sealed] = await codec.encode([payloadOf({ passenger })]);
    expect(Buffer.from(sealed!.metadata!.encoding!).toString()).toBe(ENCRYPTED_ENCODING);
    expect(Buffer.from(sealed!.metadata![KEY_ID_METADATA]!).toString()).toBe('2026-11');
    for (const secret of Object.values(passenger)) expect(bytesText(sealed!)).not.toContain(secret);
    const [opened] = await codec.decode([sealed!]);
    expect(valueOf(opened!)).toEqual({ passenger });
  });

  it('reads what an older key wrote while that key stays in the ring; refuses it once it is gone', async () => {
    const [written] = await new PayloadEncryptionCodec([oldKey]).encode([payloadOf(passenger)]);
    expect(valueOf((await new PayloadEncryptionCodec([newKey, oldKey]).decode([written!]))[0]!)).toEqual(passenger);
    await expect(new PayloadEncryptionCodec([newKey]).decode([written!])).rejects.toThrow(
      /key "2026-01", which is not in HUB_ENCRYPTION_KEY/,
    );
  });

  it('refuses a payload whose ciphertext or key id was tampered with', async () => {
    const codec = new PayloadEncryptionCodec([newKey, oldKey]);
    const [sealed] = await codec.encode([payloadOf(passenger)]);
    const flipped = Buffer.from(sealed!.data!);
    flipped[20] = flipped[20]! ^ 1;
    await expect(codec.decode([{ ...sealed!, data: flipped }])).rejects.toThrow(/failed authentication/);
    // The key id is authenticated too: relabelling a ciphertext does not make another key try it.
    const relabelled = { ...sealed!, metadata: { ...sealed!.metadata, [KEY_ID_METADATA]: Buffer.from('2026-01') } };
    await expect(codec.decode([relabelled])).rejects.toThrow(/failed authentication/);
  });

  it('passes payloads written before encryption through unchanged', async () => {
    const plain = payloadOf({ recorded: 'before the codec' });
    expect(await new PayloadEncryptionCodec([newKey]).decode([plain])).toEqual([plain]);
  });
});

describe('HUB_ENCRYPTION_KEY key ring', () => {
  const a = randomBytes(32);
  const b = randomBytes(32);

  it('reads a bare key under its fingerprint, and named keys in order, the first current', () => {
    expect(parseKeyRing(a.toString('base64'), 'K')).toEqual([{ id: keyFingerprint(a), key: a }]);
    expect(keyRingOf(a)).toEqual([{ id: keyFingerprint(a), key: a }]);
    expect(keyFingerprint(a)).not.toContain(a.toString('hex').slice(0, 12));
    expect(parseKeyRing(`2026-11:${b.toString('hex')}, 2026-01:${a.toString('base64')}`, 'K')).toEqual([
      { id: '2026-11', key: b },
      { id: '2026-01', key: a },
    ]);
  });

  it('refuses short keys, bad or repeated ids, and an empty ring, naming the variable', () => {
    expect(() => parseKeyRing('k1:short', 'HUB_ENCRYPTION_KEY')).toThrow(/HUB_ENCRYPTION_KEY must be exactly 32 bytes/);
    expect(() => parseKeyRing(`bad id:${a.toString('hex')}`, 'HUB_ENCRYPTION_KEY')).toThrow(/key id "bad id"/);
    expect(() => parseKeyRing(`k1:${a.toString('hex')},k1:${b.toString('hex')}`, 'HUB_ENCRYPTION_KEY')).toThrow(/distinct/);
    expect(() => parseKeyRing(' , ', 'HUB_ENCRYPTION_KEY')).toThrow(/names no key/);
  });
});
