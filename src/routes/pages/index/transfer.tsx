import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { TransferScreen } from '../../../features/transfer/transfer-screen';

export const Route = createFileRoute('/pages/index/transfer')({
  validateSearch: z.object({
    currency: z.optional(z.string().check(z.maxLength(16))),
    network: z.optional(z.string().check(z.maxLength(16))),
    address: z.optional(z.string().check(z.maxLength(64))),
    amount: z.optional(z.string().check(z.maxLength(40))),
  }),
  component: TransferScreen,
});
