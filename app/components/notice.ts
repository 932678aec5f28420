// A notification (spec §2.5): title, message and level; shown in the notification area, dismissible.
export type NoticeLevel = "success" | "error" | "info" | "warning";
export type Notice = { title: string; message: string; level: NoticeLevel };
