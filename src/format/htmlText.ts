/** Character references in HTML text or attribute values, as a browser reads them; an out-of-range one stays as written. */
const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function unescapeHtml(text: string): string {
  return text.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,5});/gi, (whole, name: string) => {
    const code = name.startsWith('#x') || name.startsWith('#X') ? parseInt(name.slice(2), 16) : name.startsWith('#') ? Number(name.slice(1)) : undefined;
    if (code === undefined) return ENTITY[name.toLowerCase()] ?? whole;
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
