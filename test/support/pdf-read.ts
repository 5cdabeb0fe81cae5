import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface ReadPdf {
  /** The text items of each page, in drawing order. */
  pages: string[][];
  title: string | null;
  /** Embedded files by name, as UTF-8 text. */
  attachments: Record<string, string>;
  /** The XMP metadata packet, or null. */
  xmp: string | null;
}

/** A PDF as PDF.js reads it (test/support/pdf-text.mjs, in a process of its own). */
export async function readPdf(pdf: Buffer): Promise<ReadPdf> {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-read-'));
  try {
    writeFileSync(join(dir, 'document.pdf'), pdf);
    const { stdout } = await run(process.execPath, [join(__dirname, 'pdf-text.mjs'), join(dir, 'document.pdf')], {
      maxBuffer: 16 * 1024 * 1024,
    });
    return JSON.parse(stdout) as ReadPdf;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
