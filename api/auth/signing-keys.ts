import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { SigningKeySchema, type SigningKey } from '../../db/entities';
import { newId } from '../../infra/ids';
import { decryptSecret, encryptSecret } from '../../infra/secrets';

export const JWT_ALGORITHM = 'ES256';
const REFRESH_MS = 60_000;
const CLOCK_SKEW_MS = 5_000;

interface LoadedKey {
  kid: string;
  publicKey: KeyObject;
  jwk: Record<string, unknown>;
  retiredAt: Date | null;
  privateKeyEnc: string;
}

/**
 * JWT signing keys, shared by every API process through the database. The newest active key signs; a retired key
 * keeps verifying (and stays in the JWKS) until every token it signed has expired.
 */
export class SigningKeyStore {
  private keys = new Map<string, LoadedKey>();
  private signer?: { kid: string; privateKey: KeyObject };
  private loadedAt = 0;
  private misses = new Set<string>();
  private loading?: Promise<void>;

  constructor(
    private readonly orm: MikroORM,
    private readonly encryptionKey: Buffer,
    private readonly tokenTtlSeconds: number,
    /** HUB_ENCRYPTION_KEY's ring, current first: private keys stored under a rotated-out key still load. */
    private readonly decryptionKeys: readonly Buffer[] = [encryptionKey],
  ) {}

  /** Creates a key when none is active; returns the active kid. */
  async ensureActiveKey(): Promise<string> {
    await this.load();
    return this.signer?.kid ?? this.rotate();
  }

  /** A new key signs from now on; the previous ones retire but keep verifying until their tokens expire. */
  async rotate(): Promise<string> {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const kid = newId('key');
    await this.orm.em.fork().transactional(async (em) => {
      await em.nativeUpdate(SigningKeySchema, { retiredAt: null }, { retiredAt: new Date() });
      em.create(SigningKeySchema, {
        kid,
        algorithm: JWT_ALGORITHM,
        privateKeyEnc: encryptSecret(privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), this.encryptionKey),
        publicJwk: { ...publicKey.export({ format: 'jwk' }), kid, alg: JWT_ALGORITHM, use: 'sig' },
        createdAt: new Date(),
      });
    });
    await this.load();
    return kid;
  }

  async currentSigner(): Promise<{ kid: string; privateKey: KeyObject }> {
    if (Date.now() - this.loadedAt > REFRESH_MS || !this.signer) await this.load();
    if (!this.signer) throw new Error('no active JWT signing key; run `npm run hub -- signing-keys rotate`');
    return this.signer;
  }

  /**
   * The verifying key for `kid`. An unknown kid on a token newer than our key set makes us reload once (another
   * process may just have rotated); a kid still unknown after that is remembered until the next reload, and
   * concurrent reloads share one query, so forged kids cannot hammer the database.
   */
  async publicKey(kid: string, issuedAtSeconds = 0): Promise<KeyObject | undefined> {
    const newerThanKeys = issuedAtSeconds * 1000 >= this.loadedAt - CLOCK_SKEW_MS;
    if (Date.now() - this.loadedAt > REFRESH_MS || (!this.keys.has(kid) && newerThanKeys && !this.misses.has(kid))) {
      await this.load();
      if (!this.keys.has(kid)) this.misses.add(kid);
    }
    const key = this.keys.get(kid);
    return key && this.verifies(key) ? key.publicKey : undefined;
  }

  async jwks(): Promise<{ keys: Record<string, unknown>[] }> {
    if (Date.now() - this.loadedAt > REFRESH_MS) await this.load();
    return { keys: [...this.keys.values()].filter((k) => this.verifies(k)).map((k) => k.jwk) };
  }

  private verifies(key: LoadedKey): boolean {
    // A process may keep signing with a just-retired key until its next refresh: allow for that too.
    return !key.retiredAt || Date.now() - key.retiredAt.getTime() < this.tokenTtlSeconds * 1000 + REFRESH_MS;
  }

  private load(): Promise<void> {
    this.loading ??= this.read().finally(() => (this.loading = undefined));
    return this.loading;
  }

  private async read(): Promise<void> {
    const rows: SigningKey[] = await this.orm.em.fork().find(SigningKeySchema, {}, { orderBy: { createdAt: 'asc' } });
    this.keys = new Map(
      rows.map((r) => [
        r.kid,
        {
          kid: r.kid,
          publicKey: createPublicKey({ key: r.publicJwk as never, format: 'jwk' }),
          jwk: r.publicJwk,
          retiredAt: r.retiredAt ?? null,
          privateKeyEnc: r.privateKeyEnc,
        },
      ]),
    );
    const active = rows.filter((r) => !r.retiredAt).at(-1);
    this.signer = active
      ? { kid: active.kid, privateKey: createPrivateKey(decryptSecret(active.privateKeyEnc, this.decryptionKeys)) }
      : undefined;
    this.loadedAt = Date.now();
    this.misses.clear();
  }
}
