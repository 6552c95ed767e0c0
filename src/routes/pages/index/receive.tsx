import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { ReceiveScreen } from '../../../features/receive/receive-screen';

export const Route = createFileRoute('/pages/index/receive')({
  validateSearch: z.object({
    currency: z.optional(z.string().check(z.maxLength(16))),
    network: z.optional(z.string().check(z.maxLength(16))),
  }),
  component: ReceiveScreen,
});
