package org.scalebench.bench.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The SHA-256 digest of a file, as lower-case hexadecimal: what shards record of their own files and of every
 * input file they read, so that a merge can prove they are whole, unedited and run on the same inputs. Reads the
 * file in blocks (any size). Stateless and thread-safe.
 */
public final class FileDigest {

    private static final int BLOCK = 1 << 16;

    private FileDigest() {
    }

    /**
     * Digests a file.
     *
     * @param file the file
     * @return 64 hexadecimal digits
     * @throws IOException when it cannot be read
     */
    public static String sha256(final Path file) throws IOException {
        final MessageDigest digest = newDigest();
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
            final byte[] block = new byte[BLOCK];
            while (in.read(block) >= 0) {
                // the stream updates the digest
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (final NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
