/**
 * Exports the records of a range of UTC days as a CSV file (contract/records-csv.ts says what is in
 * it). The range starts at the first day of this year and ends today; the server writes the file
 * as it reads the records, so a long history needs a connection and may take a moment.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { exportRecords } from '../../api/money';
import { BRAND } from '../../config/brand';
import { downloadBlob } from '../../lib/files/download-blob';
import { useOnline } from '../../session/online';
import { formatAmountForLocale } from '../../ui/amount';
import { Dialog } from '../../ui/dialog';
import { TextField } from '../../ui/field';
import { FormAlert } from '../../ui/form-alert';
import { showToast } from '../../ui/toast';
import { recordsCsvFileName } from './model/records-csv-file';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const utcToday = () => new Date().toISOString().slice(0, 10);

export function ExportRecordsDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const today = utcToday();
  const [from, setFrom] = useState(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setFailure(null);
    if (!DAY.test(from) || !DAY.test(to)) return setRangeError(t`Enter both dates.`);
    if (from > to) return setRangeError(t`The first day must be on or before the last day.`);
    setRangeError(null);
    setBusy(true);
    try {
      const exported = await exportRecords({ from, to });
      downloadBlob(exported.csv, recordsCsvFileName(BRAND.productName, from, to));
      const count = formatAmountForLocale(String(exported.count), 0, i18n.locale);
      void showToast(t`Records exported: ${count}`, 'success');
      onClose();
    } catch {
      setFailure(t`The records could not be loaded. Check your connection and try again.`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} title={t`Export records`} variant="center">
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <p className="muted">
          <Trans>A CSV file for a spreadsheet or a tax tool: one row per record, exact amounts, times in UTC.</Trans>
        </p>
        <TextField
          label={t`First day (UTC)`}
          type="date"
          value={from}
          max={today}
          onValueChange={(v) => {
            setFrom(v);
            setRangeError(null);
          }}
          error={rangeError}
        />
        <TextField
          label={t`Last day (UTC)`}
          type="date"
          value={to}
          max={today}
          onValueChange={(v) => {
            setTo(v);
            setRangeError(null);
          }}
        />
        <FormAlert message={failure} />
        <button type="submit" className="button button--block" disabled={busy || !online} aria-busy={busy || undefined}>
          {busy ? (
            <Trans>Preparing the file…</Trans>
          ) : online ? (
            <Trans>Download CSV</Trans>
          ) : (
            <Trans>Export needs a connection</Trans>
          )}
        </button>
      </form>
    </Dialog>
  );
}
