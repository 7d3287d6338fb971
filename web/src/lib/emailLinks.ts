/** Links inside an email, so the operator mailbox can offer them as ordinary, safe anchors. */
const URL_PATTERN = /https?:\/\/[^\s<>"')\]]+/g;

export const isHttpUrl = (value: string): boolean => /^https?:\/\//i.test(value);

/** Splits plain text into text and URL parts (for linkifying without injecting HTML). */
export function splitLinks(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const index = match.index;
    if (index > last) parts.push({ text: text.slice(last, index) });
    parts.push({ text: match[0], href: match[0] });
    last = index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** Unique http(s) links found in the text, in order. */
export function linksInText(text: string): string[] {
  return [...new Set(text.match(URL_PATTERN) ?? [])];
}

/** Makes every link in the email HTML open in a new browsing context instead of inside the frame. */
export function withLinksInNewTab(html: string): string {
  const base = '<base target="_blank">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}${base}`) : `${base}${html}`;
}
