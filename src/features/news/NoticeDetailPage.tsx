/** The NOTICE detail page (§2). */
import { ContentDetailPage } from './ContentDetailPage.tsx';

export default function NoticeDetailPage() {
  return <ContentDetailPage type="NOTICE" />;
}
