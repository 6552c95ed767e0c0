/**
 * Tells boot when React has committed the first tree (rendered or hydrated). It adds no element,
 * so the tree still matches the prerendered HTML it hydrates.
 */
import { type ReactNode, useEffect } from 'react';

export function AfterFirstCommit({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  // A parent's effects run after all of its children's: the whole first tree is on screen here.
  useEffect(() => onCommit(), [onCommit]);
  return children;
}
