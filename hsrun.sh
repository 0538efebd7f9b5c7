while IFS= read -r l; do printf '%s\n   => ' "$l"; ./h.sh "$l" | cut -c1-220; done < "$1" 2>&1
