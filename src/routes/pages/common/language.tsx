import { createFileRoute } from '@tanstack/react-router';
import { LanguageScreen } from '../../../features/settings/language-screen';

export const Route = createFileRoute('/pages/common/language')({
  component: LanguageScreen,
});
