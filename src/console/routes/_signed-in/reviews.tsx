import { createFileRoute } from '@tanstack/react-router';
import { ReviewScreen } from '../../features/review/review-screen';

export const Route = createFileRoute('/_signed-in/reviews')({ component: ReviewScreen });
