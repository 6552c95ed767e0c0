/**
 * Language (LOCALES.md): "System default" first, then the 38 locales, each under its own name and
 * marked with its language so screen readers pronounce it. A native radio group: arrow keys move
 * and select. Choosing applies at once (no reload) and is saved.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { queryKeys } from '../../api/query-keys';
import { LOCALES, type LocaleId, toBcp47 } from '../../lib/i18n/locales';
import { LOGIN_PATH } from '../../session/guard';
import { changeLocale, resolveLocale } from '../../session/locale';
import { sessionDeps } from '../../session/session-deps';
import { useAppStore } from '../../session/store';
import { CheckIcon } from '../../ui/icons';
import { Page } from '../../ui/page';
import { showToast } from '../../ui/toast';
import './language-screen.css';

type Choice = LocaleId | 'system';

/** A locale's name in its own language ("Deutsch", "日本語"). */
const nativeNameOf = (id: LocaleId) => LOCALES.find((l) => l.id === id)?.name ?? id;

export function LanguageScreen() {
  const { t } = useLingui();
  const saved = useAppStore((s) => s.languageId);
  const signedIn = useAppStore((s) => Boolean(s.token));
  // While a catalog loads, the new choice already shows as selected.
  const [pending, setPending] = useState<Choice | null>(null);
  const selected = pending ?? saved;

  const choose = async (choice: Choice) => {
    if (choice === selected) return;
    setPending(choice);
    try {
      await changeLocale(choice);
      // Activities, messages and articles come in the language a request names: what is on screen
      // and in the saved cache is asked for again, so it does not stay in the previous language.
      for (const queryKey of [queryKeys.activity.all, queryKeys.notify.all, queryKeys.articles])
        void sessionDeps().queryClient.invalidateQueries({ queryKey });
    } catch {
      void showToast(t`The language could not be loaded. Check your connection and try again.`, 'error');
    } finally {
      setPending(null);
    }
  };

  const options: Array<{ id: Choice; name: string; lang?: string; detail?: string }> = [
    { id: 'system', name: t`System default`, detail: nativeNameOf(resolveLocale('system')) },
    ...LOCALES.map((l) => ({ id: l.id, name: l.name, lang: toBcp47(l.id) })),
  ];

  return (
    <Page title={t`Language`} backTo={signedIn ? '/pages/my/setting' : LOGIN_PATH}>
      <fieldset className="language-list" aria-busy={pending !== null || undefined}>
        <legend className="visually-hidden">{t`Interface language`}</legend>
        {options.map((option) => (
          <label key={option.id} className="language-option">
            <input
              type="radio"
              name="language"
              value={option.id}
              checked={selected === option.id}
              onChange={() => void choose(option.id)}
              className="visually-hidden"
            />
            {/* Isolated (bdi) so each name keeps its own direction while rows align with the page. */}
            <span className="language-option__name">
              <bdi lang={option.lang}>{option.name}</bdi>
            </span>
            {option.detail && (
              <span className="muted language-option__detail" lang={toBcp47(resolveLocale('system'))}>
                {option.detail}
              </span>
            )}
            <CheckIcon className="language-option__check" />
          </label>
        ))}
      </fieldset>
    </Page>
  );
}
