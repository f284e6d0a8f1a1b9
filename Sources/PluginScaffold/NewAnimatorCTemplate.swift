/// A plugin project in C: `NAME.c`, a Makefile that builds `NAME.so` with `cc`, a README.
public enum NewAnimatorCTemplate {
    /// The project's files, each a path inside its folder and the text to write there.
    public static func files(_ name: NewAnimatorName, kind: PluginKind = .animator, include: String) -> [ProjectFile] {
        let values = name.substitutions(include: include, kind: kind)
        let (source, readme) =
            switch kind {
            case .animator: (source + NewAnimatorEntryTemplate.text, readme)
            case .effect: (NewEffectCTemplate.source + NewEffectEntryTemplate.text, NewEffectCTemplate.readme)
            }
        return [
            ("\(name.name).c", source.filling(values)),
            ("Makefile", makefile.filling(values)),
            ("README.md", readme.filling(values)),
        ]
    }

    static let source = #"""
        /*
         * {{name}} — an animator plugin for pipeline: turns a layer by `angle` degrees.
         * animator.h documents every type and rule used here.
         */
        #include <animator.h>

        /* Pure: the host calls it for any frame, in any order, on several threads at once. progress
         * is 0 at the step's start and 1 at its end (springs overshoot both: extrapolate, do not
         * clamp). `target` holds the layer as earlier steps left it: change only what this animator
         * animates. On failure write a one-line reason into `error` and return false. */
        static bool {{identifier}}_apply(const anim_apply_args_t *args, anim_layer_t *target, char *error,
                                 uint32_t error_size) {
            (void)error, (void)error_size;
            double angle = args->params[0].v[0];
            target->rotation += angle * args->progress;
            return true;
        }


        """#

    static let makefile = #"""
        # Builds {{name}}.so, the {{name}} {{kind}} plugin for pipeline.
        #   make          build {{name}}.so
        #   make clean    remove it
        CC ?= cc
        # -D_DEFAULT_SOURCE: <math.h> declares M_PI under -std=c11 too.
        CFLAGS ?= -std=c11 -D_DEFAULT_SOURCE -Wall -Wextra -O2
        # animator.h: from pkg-config when pipeline is installed with its uipipeline.pc, otherwise from
        # PIPELINE_INCLUDE (make PIPELINE_INCLUDE=/path/to/include), by default the headers of the
        # pipeline that generated this project.
        PIPELINE_INCLUDE ?= {{include}}
        PIPELINE_CFLAGS ?= $(shell pkg-config --cflags uipipeline 2>/dev/null || echo -I$(PIPELINE_INCLUDE))

        {{name}}.so: {{name}}.c
        	$(CC) $(CFLAGS) $(PIPELINE_CFLAGS) -shared -fPIC $< -o $@ -lm

        clean:
        	rm -f {{name}}.so

        .PHONY: clean

        """#

    static let readme = #"""
        # {{name}}

        An animator plugin for pipeline, in C. `{{name}}.c` declares the
        animator `{{name}}` with one parameter, `angle`, and turns the layer by it; change
        `{{identifier}}_apply` for your own motion. `animator.h` documents every field.

        \#(ReadmeBuildSections.c)

        \#(ReadmeBuildSections.madeAnimatorUse)

        \#(NewAnimatorUsage.readmeSection)

        """#
}
