import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { RegisterScreen } from '../../../features/auth/register-screen';

export const Route = createFileRoute('/pages/login/register')({
  validateSearch: z.object({ invite: z.optional(z.string().check(z.maxLength(16))) }),
  component: RegisterScreen,
});
