/** The NEWS detail page (§2). */
import { ContentDetailPage } from './ContentDetailPage.tsx';

export default function NewsDetailPage() {
  return <ContentDetailPage type="NEWS" />;
}
