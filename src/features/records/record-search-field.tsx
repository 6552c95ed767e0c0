/**
 * The records' search box: part of an address or transaction id, or an amount. The search starts
 * once typing pauses, not on every key (each one would be a request). `search` is the one in force
 * (the page's address); the box starts from it.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { TextField } from '../../ui/field';

const SEARCH_DELAY_MS = 300;

export function RecordSearchField({ search, onSearch }: { search: string; onSearch: (text: string) => void }) {
  const { t } = useLingui();
  const [text, setText] = useState(search);
  useEffect(() => {
    if (text.trim() === search) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, search, onSearch]);
  return (
    <TextField
      label={t`Search records`}
      hideLabel
      type="search"
      value={text}
      onValueChange={setText}
      placeholder={t`Address, tx ID or amount`}
      maxLength={100}
      enterKeyHint="search"
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
    />
  );
}
