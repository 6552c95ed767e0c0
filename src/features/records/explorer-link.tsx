/** "View on block explorer" under a transaction id, when the server names an explorer. */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { appConfigQueryOptions } from '../../api/misc';
import { explorerUrl } from './model/explorer-url';

export function ExplorerLink({ txId }: { txId: string | null }) {
  const { t } = useLingui();
  const { data } = useQuery(appConfigQueryOptions());
  const href = explorerUrl(data?.explorerTxUrl, txId);
  if (!href) return null;
  return (
    <a className="detail__explorer" href={href} target="_blank" rel="noopener noreferrer">
      {t`View on block explorer`}
    </a>
  );
}
