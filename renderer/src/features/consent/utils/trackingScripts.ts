/** Marks the script tags this module owns, so that declining can find and remove exactly those. */
export const TRACKING_SCRIPT_ATTRIBUTE = 'data-consent-script';

function isLoadableUrl(src: string, doc: Document): boolean {
  try {
    const { protocol } = new URL(src, doc.baseURI);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

function ownedScripts(doc: Document): HTMLScriptElement[] {
  return Array.from(doc.querySelectorAll<HTMLScriptElement>(`script[${TRACKING_SCRIPT_ATTRIBUTE}]`));
}

/** Adds one `<script async>` per URL not already present; returns how many were added. */
export function loadTrackingScripts(urls: readonly string[], doc: Document = document): number {
  const present = new Set(ownedScripts(doc).map((script) => script.getAttribute('src')));
  let added = 0;
  for (const src of urls) {
    if (present.has(src) || !isLoadableUrl(src, doc)) continue;
    const script = doc.createElement('script');
    script.async = true;
    script.src = src;
    script.setAttribute(TRACKING_SCRIPT_ATTRIBUTE, 'tracking');
    doc.head.appendChild(script);
    present.add(src);
    added += 1;
  }
  return added;
}

/**
 * Removes the tags. Code a script already ran cannot be unloaded; it stops only on the next page
 * load, when the declined choice keeps the tags out.
 */
export function removeTrackingScripts(doc: Document = document): void {
  for (const script of ownedScripts(doc)) script.remove();
}
