/**
 * What the confirmation sheet warns about a valid destination, and whether the user must tick
 * "I understand" first: a clipboard that changed under them, a first-time address, a lookalike
 * they chose to use anyway.
 */
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { AddressVerdict } from '../model/address-checks';

export function destinationWarnings(
  verdict: AddressVerdict,
  o: { pasteFlag: boolean; overridden: boolean; blockedLookalike: boolean },
): { warnings: ReactNode[]; needsAck: boolean } {
  if (verdict.kind !== 'valid') return { warnings: [], needsAck: false };
  const overriddenLookalike = verdict.lookalikeOf !== null && o.overridden;
  const warnings: ReactNode[] = [];
  if (!o.blockedLookalike) {
    if (o.pasteFlag)
      warnings.push(
        <p key="clipboard" className="notice notice--danger" role="alert">
          <Trans>The pasted address is not the one you copied in this app. Malware may have replaced it in your clipboard.</Trans>
        </p>,
      );
    if (verdict.firstTime)
      warnings.push(
        <p key="first" className="notice notice--warning" data-testid="first-time-warning">
          <Trans>You have never sent to this address before. Check it carefully: transfers cannot be reversed.</Trans>
        </p>,
      );
    if (overriddenLookalike)
      warnings.push(
        <p key="override" className="notice notice--danger">
          <Trans>You chose to use an address that looks like a known one. Make sure it is right.</Trans>
        </p>,
      );
  }
  return { warnings, needsAck: o.pasteFlag || overriddenLookalike };
}
