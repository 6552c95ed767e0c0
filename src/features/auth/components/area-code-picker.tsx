/** Area-code picker: a searchable list over /country/list, in a dialog. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import type { Country } from '../../../contract/misc';
import { Dialog } from '../../../ui/dialog';
import { TextField } from '../../../ui/field';
import { CheckIcon } from '../../../ui/icons';
import { countriesLazyQueryOptions } from '../model/lazy-api';

interface Props {
  open: boolean;
  selected: string;
  /** The chosen country; without one (a saved area code), the first country with that code. */
  selectedIso?: string;
  onClose: () => void;
  onSelect: (country: Country) => void;
}

export function AreaCodePicker({ open, selected, selectedIso, onClose, onSelect }: Props) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const countries = useQuery({ ...countriesLazyQueryOptions(), enabled: open });
  const matches = useMemo(() => {
    const needle = deferred.trim().toLowerCase().replace(/^\+/, '');
    const list = countries.data ?? [];
    if (!needle) return list;
    return list.filter(
      (c) => c.name.toLowerCase().includes(needle) || c.areaCode.startsWith(needle) || c.iso.toLowerCase() === needle,
    );
  }, [countries.data, deferred]);

  const chosenIso = selectedIso ?? countries.data?.find((c) => c.areaCode === selected)?.iso;

  return (
    <Dialog open={open} onClose={onClose} title={t`Select area code`}>
      <TextField
        label={t`Search country or code`}
        hideLabel
        placeholder={t`Search country or code`}
        value={search}
        onValueChange={setSearch}
        type="search"
        autoComplete="off"
      />
      {countries.isPending && (
        <div className="stack" aria-hidden="true">
          {[0, 1, 2, 3, 4].map((i) => (
            <div key={i} className="skeleton" style={{ height: 40 }} />
          ))}
        </div>
      )}
      {countries.isError && (
        <p className="field__error">
          <Trans>Could not load the list. Check your connection and try again.</Trans>
        </p>
      )}
      {countries.isSuccess && matches.length === 0 && (
        <p className="muted">
          <Trans>No country matches your search.</Trans>
        </p>
      )}
      <ul className="list">
        {matches.map((country) => (
          <li key={country.id}>
            <button
              type="button"
              className="list__item"
              onClick={() => onSelect(country)}
              aria-current={country.iso === chosenIso || undefined}
            >
              <span className="spacer">{country.name}</span>
              <span className="ltr-isolate muted">+{country.areaCode}</span>
              {country.iso === chosenIso && <CheckIcon />}
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
