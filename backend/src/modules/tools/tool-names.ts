/** A name the providers accept for a tool: letters, digits, '_' and '-', 1 to 64 characters. */
export function toolNameOf(raw: string): string {
  const name = raw
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/_{2,}/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 64);
  return name || 'herramienta';
}
