/** The transfer's network and asset: one option per enabled withdrawal channel. */
import { useLingui } from '@lingui/react/macro';
import type { Channel } from '../../../contract/money';
import { useNetworkLabel } from '../../../ui/token-logo';

export function ChannelSelect({
  channels,
  value,
  onChange,
}: {
  channels: Channel[];
  value: string;
  onChange: (id: string) => void;
}) {
  const { t } = useLingui();
  const networkLabel = useNetworkLabel();
  return (
    <label className="field">
      <span className="field__label">{t`Network and asset`}</span>
      <select className="select-input" value={value} onChange={(e) => onChange(e.target.value)}>
        {channels.map((c) => (
          <option key={c.id} value={c.id}>
            {networkLabel(c.virtualCurrencyName, c.virtualCurrencyName, c.network)}
          </option>
        ))}
      </select>
    </label>
  );
}
