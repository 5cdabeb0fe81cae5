import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

export interface ValidationFailure {
  rules: string;
  rule: string;
  flag: string;
  location: string;
  text: string;
}

/** The rule sets (provisioned by `npm ci` into .temporal/einvoice-rules/, scripts/provision-temporal.mjs). */
export const RULE_SETS = {
  /** EN 16931 (UBL syntax) and Peppol BIS Billing 3.0. */
  ubl: ['EN16931-UBL-validation.xslt', 'PEPPOL-EN16931-UBL.xslt'],
  /** EN 16931, CII syntax. */
  cii: ['EN16931-CII-validation.xslt'],
  /** France's BR-FR rules (FNFE-MPE, CTC Flux 2), CII. */
  ciiFrance: ['BR-FR-CII.xslt'],
  /** France's BR-FR rules (FNFE-MPE, CTC Flux 2), UBL. */
  ublFrance: ['BR-FR-UBL.xslt'],
} as const;

/**
 * Runs published Schematron (by default EN 16931 and Peppol BIS 3 for UBL) over each document with Saxon-HE; the
 * failed assertions of each, in order.
 */
export function validateEinvoices(xmls: string[], rules: readonly string[] = RULE_SETS.ubl): ValidationFailure[][] {
  const dir = mkdtempSync(join(tmpdir(), 'einvoice-'));
  try {
    const files = xmls.map((xml, i) => {
      const file = join(dir, `${i}.xml`);
      writeFileSync(file, xml);
      return file;
    });
    const out = execFileSync(
      join(ROOT, '.temporal', 'bin', 'python'),
      [join(ROOT, 'scripts', 'validate-einvoice.py'), join(ROOT, '.temporal', 'einvoice-rules'), rules.join(','), ...files],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    return out
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { failures: ValidationFailure[] }).failures);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The CII D16B schema errors of each document (libxml2), against the schema provisioned beside the rules. */
export function ciiSchemaErrors(xmls: string[]): string[][] {
  const dir = mkdtempSync(join(tmpdir(), 'cii-'));
  try {
    const files = xmls.map((xml, i) => {
      const file = join(dir, `${i}.xml`);
      writeFileSync(file, xml);
      return file;
    });
    const schema = join(ROOT, '.temporal', 'einvoice-rules', 'cii-d16b', 'data', 'standard', 'CrossIndustryInvoice_100pD16B.xsd');
    const out = execFileSync(process.execPath, [join(__dirname, 'xsd-validate.mjs'), schema, ...files], {
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    return out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as string[]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
