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
