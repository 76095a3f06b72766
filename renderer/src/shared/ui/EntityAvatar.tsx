import { Avatar, type AvatarProps } from '@mantine/core';
import { useEffect, useState } from 'react';

const PALETTE = ['indigo', 'teal', 'grape', 'orange', 'cyan', 'pink', 'lime', 'violet', 'blue', 'red'] as const;

/** A stable colour for a name, so an agent keeps its placeholder colour everywhere. */
function placeholderColor(name: string): (typeof PALETTE)[number] {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return PALETTE[hash % PALETTE.length]!;
}

export function placeholderInitial(name: string): string {
  const first = [...name.trim()][0];
  return first ? first.toLocaleUpperCase('es') : '?';
}

export interface EntityAvatarProps extends Omit<AvatarProps, 'src' | 'color' | 'children' | 'alt'> {
  name: string;
  src?: string | null;
}

/**
 * An agent's or ecosystem's picture; with none, or one that fails to load (spec section 8), the
 * generated placeholder: the name's initial on a colour derived from the name.
 */
export function EntityAvatar({ name, src, ...rest }: EntityAvatarProps) {
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src]);
  const showImage = Boolean(src) && !failed;
  return (
    <Avatar
      {...rest}
      src={showImage ? src : null}
      alt={name}
      color={placeholderColor(name)}
      variant="filled"
      imageProps={{ onError: () => setFailed(true) }}
      data-placeholder={showImage ? undefined : 'true'}
    >
      {placeholderInitial(name)}
    </Avatar>
  );
}
