import { createFileRoute } from '@tanstack/react-router';
import { TestScreen } from '../../../features/diagnostics/test-screen';

export const Route = createFileRoute('/pages/index/test')({
  component: TestScreen,
});
