// A <button> wearing one of the shared button looks; links use `buttonStyles` directly.
import type { ButtonHTMLAttributes } from "react";
import { buttonStyles, type ButtonVariant } from "./Button.css";

export { buttonStyles, iconButton, type ButtonVariant } from "./Button.css";

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant };

export function Button({ variant = "primary", className, type = "button", ...props }: ButtonProps) {
  const classes = className ? `${buttonStyles[variant]} ${className}` : buttonStyles[variant];
  return <button type={type} className={classes} {...props} />;
}
