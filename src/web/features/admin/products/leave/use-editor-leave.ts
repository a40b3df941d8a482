import type { EditorImages } from '../images/use-editor-images';
import { useInAppLeaveGuard } from './use-in-app-leave-guard';
import { usePageLeave } from './use-page-leave';

/**
 * Leaving the editor other than by Save or Cancel. Inside the app the admin is asked first when something
 * is unsaved, and Leave deletes this session's uploads as Cancel does; closing or reloading the tab gets
 * the browser's question, and the uploads are deleted as the page goes. Files the saved product already
 * shows are never among them. While a save is on its way nothing is asked (nor deleted: the images hook
 * keeps what the product will use).
 */
export function useEditorLeave({
  unsaved,
  saving,
  images,
}: {
  unsaved: boolean;
  saving: boolean;
  images: EditorImages;
}) {
  const guard = useInAppLeaveGuard(unsaved && !saving, images.discard);
  usePageLeave({
    prompt: unsaved && !saving,
    onHide: images.pageHidden,
    onShow: images.pageShown,
  });
  return guard;
}
