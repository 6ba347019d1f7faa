/* Echo's small C surface over PocketSphinx for WebAssembly (built by scripts/build-pocketsphinx-wasm.sh).
 * Decoders are created without a language model; one n-gram model is read once and shared by every
 * decoder (the search retains it), so each extra concurrent decoder costs only its acoustic model and
 * dictionary. */
#include <emscripten.h>
#include <pocketsphinx.h>
#include <sphinxbase/err.h>

EMSCRIPTEN_KEEPALIVE
ps_decoder_t *echo_decoder_new(int argc, char **argv)
{
    cmd_ln_t *config = cmd_ln_parse_r(NULL, ps_args(), argc, argv, FALSE);
    if (config == NULL)
        return NULL;
    ps_decoder_t *ps = ps_init(config);
    cmd_ln_free_r(config);
    return ps;
}

EMSCRIPTEN_KEEPALIVE
ngram_model_t *echo_lm_read(ps_decoder_t *ps, const char *path)
{
    return ngram_model_read(ps_get_config(ps), path, NGRAM_AUTO, ps_get_logmath(ps));
}

EMSCRIPTEN_KEEPALIVE
int echo_decoder_use_lm(ps_decoder_t *ps, ngram_model_t *lm)
{
    if (ps_set_lm(ps, "lm", lm) < 0)
        return -1;
    return ps_set_search(ps, "lm");
}

EMSCRIPTEN_KEEPALIVE
int echo_start(ps_decoder_t *ps) { return ps_start_utt(ps); }

EMSCRIPTEN_KEEPALIVE
int echo_process(ps_decoder_t *ps, const int16 *samples, int count)
{
    return ps_process_raw(ps, samples, (size_t) count, FALSE, FALSE);
}

EMSCRIPTEN_KEEPALIVE
int echo_end(ps_decoder_t *ps) { return ps_end_utt(ps); }

EMSCRIPTEN_KEEPALIVE
const char *echo_hyp(ps_decoder_t *ps)
{
    int32 score;
    const char *hyp = ps_get_hyp(ps, &score);
    return hyp ? hyp : "";
}

EMSCRIPTEN_KEEPALIVE
void echo_decoder_free(ps_decoder_t *ps) { ps_free(ps); }

EMSCRIPTEN_KEEPALIVE
void echo_quiet(void) { err_set_logfp(NULL); }
