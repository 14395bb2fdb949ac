package org.scalebench.training.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scalebench.training.cluster.ClusterCatalog;
import org.scalebench.core.data.DataFileException;

/** Built-in and user profiles and GPU types, every number with a source. */
class TransformerCatalogTest {

    @Test
    void builtInProfilesCarryASourceForEveryParameter() {
        assertEquals(java.util.List.of("megatron-1.7b", "megatron-3.6b", "megatron-7.5b", "megatron-18.4b", "megatron-22b",
                "megatron-39.1b", "megatron-76.1b", "megatron-145.6b", "gpt3-175b", "gpt3-175b-v131k", "megatron-310.1b",
                "mt-nlg-530b",
                "megatron-1t", "bloom-176b"), TransformerCatalog.builtInNames());
        for (final String name : TransformerCatalog.builtInNames()) {
            final TransformerProfile p = TransformerCatalog.builtIn(name);
            assertEquals(8, p.sources().size(), name);
            p.sources().values().forEach(s -> assertTrue(!s.isBlank(), name));
        }
        // Narayanan et al.'s Table 1 gives each model's size in billions of parameters beside its shape;
        final double[] billions = {1.7, 3.6, 7.5, 18.4, 39.1, 76.1, 145.6, 310.1};
        final String[] names = {"megatron-1.7b", "megatron-3.6b", "megatron-7.5b", "megatron-18.4b", "megatron-39.1b",
            "megatron-76.1b", "megatron-145.6b", "megatron-310.1b"};
        for (int i = 0; i < names.length; i++) {
            // the table rounds to a tenth of a billion
            assertEquals(billions[i], Math.round(TransformerCatalog.builtIn(names[i]).totalParameters() / 1e8) / 10.0,
                    names[i]);
        }
        final TransformerProfile gpt3 = TransformerCatalog.builtIn("gpt3-175b");
        assertEquals(96, gpt3.layers());
        assertEquals(128, gpt3.headDim());
        for (final String gpu : GpuCatalog.builtInNames()) {
            assertEquals(9, GpuCatalog.resolve(gpu).sources().size(), gpu);
        }
        assertEquals("h100-sxm5-80gb", GpuCatalog.forCluster(ClusterCatalog.builtIn("dgx-h100")).name());
    }

    @Test
    void aUserProfileWithGroupedQueryAttentionAndSwiGluLoads(@TempDir final Path dir) throws IOException {
        final Path file = dir.resolve("llama.csv");
        Files.writeString(file, "model,parameter,value,source\nmy-8b,layers,32,me\nmy-8b,hidden,4096,me\n"
                + "my-8b,heads,32,me\nmy-8b,kv_heads,8,me\nmy-8b,ffn_hidden,14336,me\nmy-8b,swiglu,1,me\n"
                + "my-8b,seq_length,8192,me\nmy-8b,vocab,128256,me\n");
        final TransformerProfile p = TransformerCatalog.resolve(file.toString());
        assertEquals(1024, p.kvDim());
        assertEquals(3, p.mlpMatrices());
        assertEquals(6.98e9, p.nonEmbeddingParameters(), 0.01e9, "32 x (4096 x 6144 + 4096^2 + 3 x 4096 x 14336)");
    }

    @Test
    void malformedFilesNameTheFileAndLine(@TempDir final Path dir) throws IOException {
        final Path file = dir.resolve("bad.csv");
        Files.writeString(file, "model,parameter,value,source\nx,layers,32,me\nx,hidden,-4,me\n");
        final DataFileException e = assertThrows(DataFileException.class,
                () -> TransformerCatalog.resolve(file.toString()));
        assertTrue(e.getMessage().contains("bad.csv") && e.getMessage().contains("3"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> TransformerCatalog.resolve("gpt-5"));
        assertThrows(IllegalArgumentException.class, () -> GpuCatalog.forCluster(ClusterCatalog.builtIn("dgx1")));
    }
}
