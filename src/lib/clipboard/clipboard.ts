/**
 * Copy and paste with a memory of what this app copied during the session, so a pasted address
 * that differs from it can be flagged as a possible clipboard hijack (malware swapping addresses).
 * Nothing here is persisted.
 */
let lastCopied: string | null = null;

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    lastCopied = text;
    return true;
  } catch {
    return false;
  }
}

export async function readClipboard(): Promise<string | null> {
  try {
    return await navigator.clipboard.readText();
  } catch {
    return null;
  }
}

export const lastCopiedText = () => lastCopied;
