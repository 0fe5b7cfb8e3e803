import { CircleAlert, CircleCheck, Info } from "lucide-react";
import { Notice } from "./notice";
import type { ToastMessage } from "./toast";

const icons = { error: CircleAlert, success: CircleCheck, info: Info };

/** A notice given as a toast's message (a title and a text): the same words in the page, with its icon. */
export function NoticeBox({ notice, className }: { notice: ToastMessage | null | undefined; className?: string }) {
  if (!notice) return null;
  return (
    <Notice tone={notice.type} title={notice.title} icon={icons[notice.type]} className={className}>
      {notice.description ? <p className="text-navy-900">{notice.description}</p> : null}
    </Notice>
  );
}
