import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { XMLParser } from 'fast-xml-parser';

const ROOT = join(__dirname, '..', '..');
const MUSTANG_DIR = join(ROOT, '.temporal', 'mustang');
/** Provisioned by `npm ci` (scripts/provision-mustang.mjs). */
export const MUSTANG_JAR = join(MUSTANG_DIR, 'validator-2.24.0-shaded.jar');
const RUNNER = join(__dirname, 'MustangValidate.java');
const run = promisify(execFile);

/** One finding of Mustang's validator. */
export interface MustangMessage {
  /** `pdf`: PDF/A (veraPDF) or the PDF's XMP and attachment; `xml`: XSD and Schematron of the embedded or given XML. */
  part: 'pdf' | 'xml' | 'file';
  severity: 'error' | 'exception' | 'warning' | 'notice';
  /** Mustang's error section number (e.g. 4 Schematron, 18 XSD, 23 not PDF/A-3), or the veraPDF clause. */
  type?: string;
  /** The Schematron rule (`[BR-CO-10]`…) or veraPDF assertion, and where it failed. */
  criterion?: string;
  location?: string;
  message: string;
}

export interface MustangReport {
  file: string;
  /** Mustang's overall verdict. */
  valid: boolean;
  /** The PDF/A verdict of veraPDF (`absent` for an XML file). */
  pdfa: 'valid' | 'invalid' | 'absent';
  /** Errors and exceptions (veraPDF's failed assertions among them): empty when the file passes. */
  failures: MustangMessage[];
  /** Warnings and notices, which do not make a file invalid. */
  remarks: MustangMessage[];
  /** The raw XML report, for a test's failure message. */
  report: string;
}

/**
 * Validates Factur-X PDFs and CII (or UBL) XML with Mustang's validator 2.24.0 (veraPDF for PDF/A, the XSDs, the
 * EN 16931 and Factur-X Schematron), all files in one JVM: its start and veraPDF's take seconds, each further file
 * a fraction of one. `name` ends in `.pdf` or `.xml`; the reports come back in the same order.
 */
export async function validateWithMustang(files: { name: string; content: Buffer | string }[]): Promise<MustangReport[]> {
  if (!existsSync(MUSTANG_JAR)) throw new Error(`${MUSTANG_JAR} is missing: run \`node scripts/provision-mustang.mjs\` (npm ci runs it).`);
  const classes = compiledRunner();
  const dir = mkdtempSync(join(tmpdir(), 'mustang-'));
  try {
    const paths = files.map((f, i) => {
      mkdirSync(join(dir, String(i)));
      const path = join(dir, String(i), f.name);
      writeFileSync(path, f.content);
      return path;
    });
    // C1 only: a run is seconds long, and C2's compiler threads cost more CPU than they save (25 s → 6 s under load).
    await run('java', ['-XX:TieredStopAtLevel=1', '-cp', `${MUSTANG_JAR}:${classes}`, 'MustangValidate', ...paths], {
      maxBuffer: 16 * 1024 * 1024,
    });
    return paths.map((path, i) => parseReport(files[i].name, readFileSync(`${path}.mustang.xml`, 'utf8')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The runner compiled once per version of its source (javac: Java 17's JDK), shared by every test run. */
function compiledRunner(): string {
  const source = readFileSync(RUNNER);
  const out = join(MUSTANG_DIR, `runner-${createHash('sha256').update(source).digest('hex').slice(0, 12)}`);
  if (existsSync(out)) return out;
  const building = mkdtempSync(`${out}.building-`);
  try {
    // Synchronous on purpose: once, a second or two, and two test files compiling at once each get a whole result.
    execFileSync('javac', ['-cp', MUSTANG_JAR, '-d', building, RUNNER], { stdio: 'pipe' });
    renameSync(building, out);
  } catch (err) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(out)) throw err;
  }
  return out;
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', textNodeName: 'text', parseTagValue: false });
const SEVERITIES = ['error', 'exception', 'warning', 'notice'] as const;
const list = <T>(x: T | T[] | undefined): T[] => (x === undefined ? [] : Array.isArray(x) ? x : [x]);

type Node = { text?: string; type?: string; location?: string; criterion?: string } | string;

function messages(
  section: { messages?: Record<string, Node | Node[]> | string } | undefined,
  part: MustangMessage['part'],
): MustangMessage[] {
  const found = typeof section?.messages === 'object' ? section.messages : {};
  return SEVERITIES.flatMap((severity) =>
    list(found[severity]).map((node) => {
      const n = typeof node === 'string' ? { text: node } : node;
      return {
        part,
        severity,
        ...(n.type ? { type: n.type } : {}),
        ...(n.criterion ? { criterion: n.criterion } : {}),
        ...(n.location ? { location: n.location } : {}),
        message: (n.text ?? '').trim(),
      };
    }),
  );
}

/** veraPDF's failed assertions, which Mustang reports only as the text of the `pdf` element. */
function veraPdfFailures(text: string): MustangMessage[] {
  const failed =
    /clause=([^,]*), testNumber=(\d+)\], status=failed, message=(.*?), location=Location \[level=\w+, context=(.*?)\], locationContext=/g;
  return [...text.matchAll(failed)].map(([, clause, test, message, context]) => ({
    part: 'pdf' as const,
    severity: 'error' as const,
    type: `${clause}-${test}`,
    location: context,
    message,
  }));
}

function parseReport(file: string, report: string): MustangReport {
  const v = parser.parse(report).validation ?? {};
  const pdfText = typeof v.pdf === 'object' ? String(v.pdf.text ?? '') : typeof v.pdf === 'string' ? v.pdf : '';
  const all = [...(v.pdf ? veraPdfFailures(pdfText) : []), ...messages(v.pdf, 'pdf'), ...messages(v.xml, 'xml'), ...messages(v, 'file')];
  const pdfa = !v.pdf ? 'absent' : /isCompliant=true/.test(pdfText) ? 'valid' : 'invalid';
  return {
    file,
    valid: list(v.summary).some((s: { status?: string }) => s.status === 'valid'),
    pdfa,
    failures: all.filter((m) => m.severity === 'error' || m.severity === 'exception'),
    remarks: all.filter((m) => m.severity === 'warning' || m.severity === 'notice'),
    report,
  };
}
