import { z } from 'zod';
import { setBankAccount, showBankAccount } from '../../app/bank-accounts';
import { ProblemError } from '../errors';
import { defineOperation } from '../operation';

const BankAccountInput = z
  .object({
    holder: z
      .string()
      .min(1)
      .max(70)
      .meta({ description: 'The account holder, as the bank knows them (Latin letters).', example: 'Jo Martin' }),
    iban: z
      .string()
      .min(15)
      .max(42)
      .meta({ description: 'The IBAN, with or without spaces; checked for its country’s length and format and mod-97.' }),
    bic: z.string().max(11).nullable().optional().meta({ description: 'The bank’s BIC (8 or 11 characters); optional in SEPA.' }),
  })
  .strict()
  .meta({ id: 'DriverBankAccountInput' });

export const DriverBankAccount = z
  .object({
    driver: z.string().meta({ description: 'The fleet unit.' }),
    holder: z.string(),
    iban: z.string().meta({ description: 'Masked: country and check digits and the last four.', example: 'DE89 **** **** **** **30 00' }),
    country: z.string().meta({ description: 'The IBAN’s country (ISO 3166-1 alpha-2).' }),
    bic: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'DriverBankAccount' });

const ERRORS = ['invalid_driver_credential', 'rate_limited'] as const;

export const setDriverBankAccount = defineOperation({
  operationId: 'setDriverBankAccount',
  idempotent: true,
  method: 'put',
  path: '/driver/v1/bank-account',
  summary: 'Record where the chauffeur is paid',
  description:
    'The bank account the chauffeur’s settlements are paid into by SEPA credit transfer; replaces the previous one (payout files already ' +
    'written keep the account they were written with). The IBAN is stored encrypted and only ever shown masked. A settlement that waited ' +
    'for an account is paid in the next payout run.',
  tags: ['Driver app'],
  security: { kind: 'driver' },
  request: { body: BankAccountInput, bodyExample: { holder: 'Jo Martin', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' } },
  responses: { 200: { description: 'The account, masked.', schema: DriverBankAccount } },
  errors: [...ERRORS, 'invalid_json', 'unsupported_media_type', 'validation_failed'],
  async handler({ body, principal, deps }) {
    const account = await setBankAccount(deps.orm, deps, {
      driverId: principal.ownerId,
      holder: body.holder,
      iban: body.iban,
      bic: body.bic,
    });
    return { status: 200, body: account };
  },
});

export const getDriverBankAccount = defineOperation({
  operationId: 'getDriverBankAccount',
  method: 'get',
  path: '/driver/v1/bank-account',
  summary: 'Where the chauffeur is paid',
  description: 'The bank account on file, the IBAN masked; 404 when none is recorded yet (settlements then wait for one).',
  tags: ['Driver app'],
  security: { kind: 'driver' },
  responses: { 200: { description: 'The account, masked.', schema: DriverBankAccount } },
  errors: [...ERRORS, 'not_found'],
  async handler({ principal, deps }) {
    const account = await showBankAccount(deps.orm, principal.ownerId);
    if (!account) throw new ProblemError('not_found', { detail: 'No bank account is recorded for this unit.' });
    return { status: 200, body: account };
  },
});
