import { z } from 'zod';
import { PARTNER_SCOPES } from '../infra/scopes';
import { defineOperation } from './operation';

export const jwks = defineOperation({
  operationId: 'getJwks',
  method: 'get',
  path: '/.well-known/jwks.json',
  summary: 'Public keys that verify access tokens (JWKS)',
  tags: ['OAuth'],
  security: { kind: 'none' },
  responses: {
    200: { description: 'JSON Web Key Set.', schema: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }).meta({ id: 'Jwks' }) },
  },
  errors: [],
  async handler({ deps }) {
    return { status: 200, body: await deps.signingKeys.jwks(), headers: { 'Cache-Control': 'public, max-age=300' } };
  },
});

export const authorizationServerMetadata = defineOperation({
  operationId: 'getAuthorizationServerMetadata',
  method: 'get',
  path: '/.well-known/oauth-authorization-server',
  summary: 'OAuth 2.0 authorization server metadata (RFC 8414)',
  tags: ['OAuth'],
  security: { kind: 'none' },
  responses: {
    200: { description: 'Server metadata.', schema: z.record(z.string(), z.unknown()).meta({ id: 'AuthorizationServerMetadata' }) },
  },
  errors: [],
  async handler({ deps }) {
    return {
      status: 200,
      headers: { 'Cache-Control': 'public, max-age=3600' },
      body: {
        issuer: deps.oauth.issuer,
        token_endpoint: `${deps.publicBaseUrl}/v1/oauth/token`,
        jwks_uri: `${deps.publicBaseUrl}/.well-known/jwks.json`,
        grant_types_supported: ['client_credentials'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        scopes_supported: PARTNER_SCOPES,
        response_types_supported: [],
        service_documentation: `${deps.publicBaseUrl}/docs`,
      },
    };
  },
});
