// Renderer
