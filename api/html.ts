/** Text or an attribute value inside an HTML page the hub renders. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The plain page of a signed passenger link that is malformed, tampered with or expired: no detail an attacker could use. */
export function linkErrorPage(page: { title: string; text: string; stylesheet: string; mainClass?: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>${escapeHtml(page.title)}</title>
  <link rel="stylesheet" href="${escapeHtml(page.stylesheet)}">
</head>
<body>
  <main${page.mainClass ? ` class="${escapeHtml(page.mainClass)}"` : ''}><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.text)}</p></main>
</body>
</html>
`;
}
