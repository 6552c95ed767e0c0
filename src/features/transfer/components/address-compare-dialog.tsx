/**
 * Side-by-side, character-by-character comparison of the entered address with the known address
 * it imitates. Differing characters are highlighted; the user may override only after ticking
 * that they compared every character.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Dialog } from '../../../ui/dialog';
import { diffCharacters } from '../model/address-checks';

const CHUNK = 12;

export function AddressCompareDialog({
  open,
  entered,
  known,
  onOverride,
  onClose,
}: {
  open: boolean;
  entered: string;
  known: string;
  onOverride: () => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [checked, setChecked] = useState(false);
  const diff = diffCharacters(entered, known);
  const differing = diff.filter((d) => !d.same).length;
  const chunks: (typeof diff)[] = [];
  for (let i = 0; i < diff.length; i += CHUNK) chunks.push(diff.slice(i, i + CHUNK));
  return (
    <Dialog open={open} onClose={onClose} title={t`Compare addresses`}>
      <div className="stack">
        <p className="notice notice--danger">
          <Trans>
            This address starts and ends like one you have sent to before, but {differing} characters in the middle are different.
            Scammers create such lookalike addresses to catch copy-paste mistakes.
          </Trans>
        </p>
        <div className="compare" dir="ltr">
          {chunks.map((chunk) => (
            <div key={chunk[0]?.pos ?? 0} className="compare__block">
              <span className="compare__label">{t`Entered`}</span>
              <CharRow chars={chunk} side="a" testId="compare-entered" />
              <span className="compare__label">{t`Known`}</span>
              <CharRow chars={chunk} side="b" testId="compare-known" />
            </div>
          ))}
        </div>
        <label className="check">
          <input type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} />
          <span>
            <Trans>I compared every character and the entered address is really the one I want to pay.</Trans>
          </span>
        </label>
        <div className="row">
          <button type="button" className="button button--secondary spacer" onClick={onClose}>
            <Trans>Go back</Trans>
          </button>
          <button type="button" className="button button--danger spacer" disabled={!checked} onClick={onOverride}>
            <Trans>Use it anyway</Trans>
          </button>
        </div>
      </div>
    </Dialog>
  );
}

function CharRow({ chars, side, testId }: { chars: ReturnType<typeof diffCharacters>; side: 'a' | 'b'; testId: string }) {
  return (
    <span className="compare__chars" data-testid={testId}>
      {chars.map((c) =>
        c.same ? (
          <span key={c.pos}>{c[side]}</span>
        ) : (
          <mark key={c.pos} className="compare__diff">
            {c[side]}
          </mark>
        ),
      )}
    </span>
  );
}
