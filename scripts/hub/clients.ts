import type { MikroORM } from '@mikro-orm/postgresql';
import { OAuthClientSchema, PartnerSchema, type OAuthClient } from '../../db/entities';
import { revokeClient, rotateClientSecret } from '../../app/accounts';
import { fields, Failure, flag, isoOrNull, table, when, type Command } from './cli';

async function findClient(orm: MikroORM, clientId: string): Promise<OAuthClient> {
  const client = await orm.em.fork().findOne(OAuthClientSchema, { id: clientId });
  if (!client) throw new Failure(`no OAuth client ${clientId}`);
  return client;
}

export const clientCommands: Record<string, Command> = {
  list: {
    usage: 'clients list [--partner ID]',
    summary: 'list OAuth clients (never their secrets)',
    options: { partner: { type: 'string' } },
    async run({ orm, flags }) {
      const em = orm.em.fork();
      const partnerId = flag(flags, 'partner');
      if (partnerId && !(await em.findOne(PartnerSchema, { id: partnerId }))) throw new Failure(`no partner ${partnerId}`);
      // A partner's two clients are made in the same instant: sandbox first, then live.
      const clients = await em.find(OAuthClientSchema, partnerId ? { partnerId } : {}, {
        orderBy: { partnerId: 'asc', environment: 'desc', id: 'asc' },
      });
      return {
        json: clients.map((c) => ({
          client_id: c.id,
          partner_id: c.partnerId,
          environment: c.environment,
          created_at: isoOrNull(c.createdAt),
          rotated_at: isoOrNull(c.rotatedAt),
          revoked_at: isoOrNull(c.revokedAt),
        })),
        text: table(
          ['CLIENT ID', 'PARTNER', 'ENV', 'CREATED', 'SECRET ROTATED', 'REVOKED'],
          clients.map((c) => [c.id, c.partnerId, c.environment, when(c.createdAt), when(c.rotatedAt), when(c.revokedAt)]),
        ),
      };
    },
  },

  'rotate-secret': {
    usage: 'clients rotate-secret <client_id>',
    summary: 'replace a client secret at once (prints the new one once); issued tokens stay valid until they expire',
    args: ['client_id'],
    async run({ orm, secrets, args: [clientId] }) {
      const client = await findClient(orm, clientId!);
      if (client.revokedAt) throw new Failure(`OAuth client ${clientId} is revoked (${when(client.revokedAt)})`);
      const rotated = await rotateClientSecret(orm, secrets, clientId!);
      return {
        json: { client_id: rotated.clientId, environment: rotated.environment, client_secret: rotated.clientSecret },
        text: [
          'Client secret rotated; the previous secret no longer works.',
          fields([
            ['client_id', rotated.clientId],
            ['client_secret', rotated.clientSecret],
          ]),
          'The secret is shown only this once: store it now.',
        ].join('\n'),
      };
    },
  },

  revoke: {
    usage: 'clients revoke <client_id>',
    summary: 'refuse new tokens and every token already issued to the client',
    args: ['client_id'],
    async run({ orm, args: [clientId] }) {
      const client = await findClient(orm, clientId!);
      // Revoking again would move revoked_at; keep the original time.
      if (!client.revokedAt) await revokeClient(orm, clientId!);
      const revokedAt = client.revokedAt ?? (await findClient(orm, clientId!)).revokedAt;
      return {
        json: { client_id: clientId, revoked_at: isoOrNull(revokedAt) },
        text: client.revokedAt
          ? `OAuth client ${clientId} was already revoked (${when(revokedAt)}).`
          : `OAuth client ${clientId} revoked: it gets no new tokens and its issued tokens stop working.`,
      };
    },
  },
};
