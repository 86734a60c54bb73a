/** /news (§2): the NEWS cards. */
import { ContentListPage } from './ContentListPage.tsx';

export default function NewsListPage() {
  return <ContentListPage type="NEWS" />;
}
