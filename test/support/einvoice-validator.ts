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

/**
 * Runs the published EN 16931 and Peppol BIS 3 Schematron (provisioned by `npm ci` into .temporal/einvoice-rules/)
 * over each document with Saxon-HE; the failed assertions of each, in order.
 */
export function validateEinvoices(xmls: string[]): ValidationFailure[][] {
  const dir = mkdtempSync(join(tmpdir(), 'einvoice-'));
  try {
    const files = xmls.map((xml, i) => {
      const file = join(dir, `${i}.xml`);
      writeFileSync(file, xml);
      return file;
    });
    const out = execFileSync(
      join(ROOT, '.temporal', 'bin', 'python'),
      [join(ROOT, 'scripts', 'validate-einvoice.py'), join(ROOT, '.temporal', 'einvoice-rules'), ...files],
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
