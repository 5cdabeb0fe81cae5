import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import Router from '@koa/router';
import MarkdownIt from 'markdown-it';
import { stringify } from 'yaml';
import { ProblemError } from './errors';
import { buildOpenApiDocument } from './openapi';
import { asyncApiDocument, eventCatalogueDocument } from './public/event-catalogue';

const SWAGGER_UI_DIR = dirname(require.resolve('swagger-ui-dist/package.json'));
/** The only files served from swagger-ui-dist, so no other path of the package (or outside it) can be requested. */
const SWAGGER_UI_ASSETS = new Set([
  'swagger-ui.css',
  'swagger-ui.css.map',
  'swagger-ui-bundle.js',
  'swagger-ui-bundle.js.map',
  'favicon-32x32.png',
  'favicon-16x16.png',
]);
const ERRORS_MD = join(__dirname, '..', 'docs', 'errors.md');
const RUNBOOKS_MD = join(__dirname, '..', 'docs', 'runbooks.md');

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
export const headingSlug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .replace(/ /g, '-');

const ERRORS_CSS = `
    body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; }
    pre, code { background: #f5f5f5; } pre { padding: 0.75rem; overflow-x: auto; }
    table { border-collapse: collapse; } th, td { border: 1px solid #ddd; padding: 0.25rem 0.5rem; text-align: left; }
    h2:target, h3:target { background: #fff3c4; }
  `;

/**
 * Content-Security-Policy of the documentation pages: no inline script anywhere (Swagger UI's start-up is a file of
 * ours), nothing from elsewhere, never framed. Swagger UI sets style attributes, so its page allows inline styles; the
 * error reference and the runbooks allow exactly their one style block, by hash.
 */
const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
const ERRORS_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(ERRORS_CSS).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * docs/errors.md as a page. Every `## <code>` heading gets the id `<code>`, so a problem's `type`
 * (`…/docs/errors#<code>`) lands on its section. With `title`, another page of docs/ (the runbooks), each heading with
 * its GitHub anchor, so an alert's `runbook_url` (`…/docs/runbooks#hubapiunreachable`) lands on its section.
 */
export function renderErrorsHtml(markdown: string, title = 'Errors'): string {
  const md = new MarkdownIt({ html: false, linkify: false });
  md.core.ruler.push('heading_ids', (state) => {
    state.tokens.forEach((token, i) => {
      if (token.type !== 'heading_open') return;
      const text = state.tokens[i + 1]?.content ?? '';
      if (title !== 'Errors') token.attrSet('id', headingSlug(text));
      else if (/^\w+$/.test(text)) token.attrSet('id', text);
    });
  });
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${title} — Dispatch Integration Hub API</title>
  <style>${ERRORS_CSS}</style>
</head>
<body>
${md.render(markdown)}</body>
</html>
`;
}

// validatorUrl: null stops Swagger UI from sending the document to the public validator.swagger.io.
const SWAGGER_INIT_JS = `window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Dispatch Integration Hub API</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
  <link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png" sizes="32x32">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/assets/swagger-init.js"></script>
</body>
</html>
`;

/** Unauthenticated documentation routes: the OpenAPI document (JSON, YAML), Swagger UI and the error reference. */
export function docsRouter(publicBaseUrl = ''): Router {
  let rendered: { json: string; yaml: string } | undefined;
  const documents = () => {
    if (!rendered) {
      const document = buildOpenApiDocument();
      rendered = {
        json: `${JSON.stringify(document, null, 2)}\n`,
        yaml: stringify(document, { aliasDuplicateObjects: false, lineWidth: 0 }),
      };
    }
    return rendered;
  };
  let errors: { md: string; html: string } | undefined;
  const errorPages = () => {
    if (!errors) {
      const md = readFileSync(ERRORS_MD, 'utf8');
      errors = { md, html: renderErrorsHtml(md) };
    }
    return errors;
  };

  const router = new Router();
  router.get('/openapi.json', (ctx) => {
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.type = 'application/json';
    ctx.body = documents().json;
  });
  router.get('/openapi.yaml', (ctx) => {
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.type = 'application/yaml';
    ctx.body = documents().yaml;
  });
  // The public webhook event catalogue, beside the OpenAPI document.
  router.get('/events.json', (ctx) => {
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.body = eventCatalogueDocument();
  });
  router.get('/asyncapi.json', (ctx) => {
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.body = asyncApiDocument(publicBaseUrl);
  });
  router.get('/docs', (ctx) => {
    ctx.set('Content-Security-Policy', DOCS_CSP);
    ctx.type = 'text/html';
    ctx.body = DOCS_HTML;
  });
  // HTML for people following a problem's `type` link; the markdown source at /docs/errors.md (or by Accept).
  router.get('/docs/errors', (ctx) => {
    ctx.vary('Accept');
    if (ctx.accepts('text/html', 'text/markdown') === 'text/markdown') {
      ctx.type = 'text/markdown; charset=utf-8';
      ctx.body = errorPages().md;
      return;
    }
    ctx.set('Content-Security-Policy', ERRORS_CSP);
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = errorPages().html;
  });
  let runbooks: string | undefined;
  // The runbooks every alert links to (ops/prometheus/, runbook_url): docs/runbooks.md as a page.
  router.get('/docs/runbooks', (ctx) => {
    runbooks ??= renderErrorsHtml(readFileSync(RUNBOOKS_MD, 'utf8'), 'Runbooks');
    ctx.set('Content-Security-Policy', ERRORS_CSP);
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = runbooks;
  });
  router.get('/docs/errors.md', (ctx) => {
    ctx.type = 'text/markdown; charset=utf-8';
    ctx.body = errorPages().md;
  });
  router.get('/docs/assets/swagger-init.js', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.type = 'application/javascript';
    ctx.body = SWAGGER_INIT_JS;
  });
  router.get('/docs/assets/:file', (ctx) => {
    const file = ctx.params.file;
    if (!SWAGGER_UI_ASSETS.has(file)) throw new ProblemError('not_found', { detail: `No asset ${file}.` });
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.type = extname(file) === '.map' ? 'application/json' : extname(file);
    ctx.body = createReadStream(join(SWAGGER_UI_DIR, file));
  });
  return router;
}
