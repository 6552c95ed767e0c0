import { createFileRoute } from '@tanstack/react-router';
import { TransferScreen } from '../../../features/transfer/transfer-screen';
import { optionalString, searchSchema } from '../../../lib/search/params';

export const Route = createFileRoute('/pages/index/transfer')({
  validateSearch: searchSchema({
    currency: optionalString(16),
    network: optionalString(16),
    address: optionalString(64),
    amount: optionalString(40),
  }),
  component: TransferScreen,
});
