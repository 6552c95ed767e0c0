/**
 * A message to every user, in English and in any of the app's other languages: a reader gets the
 * one they use, English otherwise. Sending asks once more, since it reaches everyone at once.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { LOCALES, type LocaleId, SOURCE_LOCALE, toBcp47 } from '../../../lib/i18n/locales';
import { ErrorAlert } from '../../ui/error-alert';
import { sendBroadcast, useServiceAction } from './api';

type Texts = { title: string; content: string };

export function BroadcastSection() {
  const { t } = useLingui();
  const send = useServiceAction(sendBroadcast);
  const [english, setEnglish] = useState<Texts>({ title: '', content: '' });
  const [popup, setPopup] = useState(false);
  const [translations, setTranslations] = useState<Record<string, Texts>>({});
  const [adding, setAdding] = useState('');
  const [confirming, setConfirming] = useState(false);
  const others = LOCALES.filter((l) => l.id !== SOURCE_LOCALE && !(l.id in translations));
  const nameOf = (id: string) => LOCALES.find((l) => l.id === id)?.name ?? id;
  const dirOf = (id: string) => LOCALES.find((l) => l.id === id)?.dir ?? 'ltr';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirming) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    send.mutate(
      { ...english, popup, ...(Object.keys(translations).length ? { translations } : {}) },
      {
        onSuccess: () => {
          setEnglish({ title: '', content: '' });
          setTranslations({});
          setPopup(false);
        },
      },
    );
  };
  const edit = (id: string, field: keyof Texts, value: string) =>
    setTranslations((all) => ({ ...all, [id]: { ...(all[id] ?? { title: '', content: '' }), [field]: value } }));

  return (
    <section className="card stack" aria-labelledby="message-heading">
      <h2 id="message-heading">
        <Trans>Message to every user</Trans>
      </h2>
      <ErrorAlert error={send.error} />
      {send.data && (
        <p className="note" role="status">
          <Plural value={send.data.recipients} one="Sent to # user." other="Sent to # users." />
        </p>
      )}
      <form className="stack" onSubmit={submit}>
        <label className="field">
          <span>
            <Trans>Title (English)</Trans>
          </span>
          <input
            value={english.title}
            onChange={(e) => setEnglish({ ...english, title: e.target.value })}
            maxLength={200}
            required
          />
        </label>
        <label className="field">
          <span>
            <Trans>Text (English)</Trans>
          </span>
          <textarea
            value={english.content}
            onChange={(e) => setEnglish({ ...english, content: e.target.value })}
            maxLength={5000}
            rows={3}
            required
          />
        </label>
        {Object.entries(translations).map(([id, texts]) => (
          <fieldset key={id} className="stack tight" lang={toBcp47(id as LocaleId)} dir={dirOf(id)}>
            <legend>{nameOf(id)}</legend>
            <label className="field">
              <span>
                <Trans>Title</Trans>
              </span>
              <input value={texts.title} onChange={(e) => edit(id, 'title', e.target.value)} maxLength={200} required />
            </label>
            <label className="field">
              <span>
                <Trans>Text</Trans>
              </span>
              <textarea value={texts.content} onChange={(e) => edit(id, 'content', e.target.value)} rows={3} required />
            </label>
            <button className="btn" type="button" onClick={() => setTranslations(({ [id]: _removed, ...rest }) => rest)}>
              <Trans>Remove this language</Trans>
            </button>
          </fieldset>
        ))}
        <div className="row bottom">
          <label className="field">
            <span>
              <Trans>Add a language</Trans>
            </span>
            <select value={adding} onChange={(e) => setAdding(e.target.value)}>
              <option value="">{t`Choose…`}</option>
              {others.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          </label>
          <button
            className="btn"
            type="button"
            disabled={!adding}
            onClick={() => {
              edit(adding, 'title', '');
              setAdding('');
            }}
          >
            <Trans>Add</Trans>
          </button>
        </div>
        <label className="row check">
          <input type="checkbox" checked={popup} onChange={(e) => setPopup(e.target.checked)} />
          <Trans>Also show it as a popup when the app opens</Trans>
        </label>
        <div className="row">
          <button className={confirming ? 'btn danger' : 'btn primary'} type="submit" disabled={send.isPending}>
            {confirming ? t`Send it to every user now` : t`Send…`}
          </button>
          {confirming && (
            <button className="btn" type="button" onClick={() => setConfirming(false)}>
              <Trans>Cancel</Trans>
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
